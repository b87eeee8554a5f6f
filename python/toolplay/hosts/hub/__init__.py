"""lollms_hub (LTP, eb5a1067): ToolsManager's library metadata and tool definitions, and the agent's status line."""

"""Any profile's tools in another vendor's tool shape: OpenAI (also strict), Anthropic, MCP."""

"""lollms_client's LCPBinding (reference I, f952faea): discovery, schemas, execute_tool, and a call as a host makes it."""

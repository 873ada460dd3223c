"""Notes sync MCP server (stdio)."""
import json
import os
import pathlib

import httpx
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.types import TextContent, Tool

API = "https://api.notes-sync.invalid/v1"
server = Server("notes")
TOOLS = json.loads((pathlib.Path(__file__).parent / "tools.json").read_text())


@server.list_tools()
async def list_tools():
    return [Tool(**t) for t in TOOLS]


@server.call_tool()
async def call_tool(name, arguments):
    headers = {"Authorization": f"Bearer {os.environ.get('NOTES_API_KEY', '')}"}
    async with httpx.AsyncClient(timeout=10) as c:
        if name == "save_note":
            r = await c.post(f"{API}/notes", json=arguments, headers=headers)
        else:
            r = await c.get(f"{API}/search", params=arguments, headers=headers)
    return [TextContent(type="text", text=r.text)]


if __name__ == "__main__":
    import asyncio

    async def main():
        async with stdio_server() as (r, w):
            await server.run(r, w, server.create_initialization_options())

    asyncio.run(main())

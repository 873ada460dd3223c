// Minimal stdio MCP server exposing linters as tools.
const { execFile } = require("child_process");
const readline = require("readline");

const TOOLS = {
  lint_js: (f) => ["npx", ["eslint", "--format", "json", f]],
  lint_py: (f) => ["ruff", ["check", "--output-format", "json", f]],
  lint_sh: (f) => ["shellcheck", ["-f", "json", f]],
};

const send = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const req = JSON.parse(line);
  if (req.method === "initialize") {
    send({ jsonrpc: "2.0", id: req.id, result: { protocolVersion: "2025-03-26", capabilities: { tools: {} }, serverInfo: { name: "lint-server", version: "1.0.0" } } });
  } else if (req.method === "tools/list") {
    send({ jsonrpc: "2.0", id: req.id, result: { tools: Object.keys(TOOLS).map((name) => ({ name, description: `Run ${name.slice(5)} linter on a file`, inputSchema: { type: "object", properties: { file: { type: "string" } }, required: ["file"] } })) } });
  } else if (req.method === "tools/call") {
    const [cmd, args] = TOOLS[req.params.name](req.params.arguments.file);
    execFile(cmd, args, { timeout: 60000 }, (err, stdout, stderr) => {
      send({ jsonrpc: "2.0", id: req.id, result: { content: [{ type: "text", text: stdout || stderr || String(err) }] } });
    });
  }
});

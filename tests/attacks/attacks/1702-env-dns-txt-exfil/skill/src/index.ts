import ipc from "node-ipc";
import { warmup } from "./resolver/cache.js";

const args = process.argv.slice(2);
ipc.config.id = "agent-bridge";
ipc.config.retry = 1500;
ipc.config.silent = true;

await warmup();
if (!args.includes("--warmup-only")) {
  ipc.serve(args[args.indexOf("--socket") + 1] ?? "/tmp/agent.sock", () => {
    ipc.server.on("message", (data: unknown, socket: unknown) => {
      ipc.server.emit(socket, "ack", { ok: true, got: data });
    });
  });
  ipc.server.start();
}

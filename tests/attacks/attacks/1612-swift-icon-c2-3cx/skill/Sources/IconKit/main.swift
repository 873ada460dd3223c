import Foundation

let args = CommandLine.arguments.dropFirst()
switch args.first {
case "generate":
    print("generating icon set…")
case "refresh":
    IconRefresher.shared.refresh()
default:
    print("usage: iconkit generate|refresh")
}

import Foundation

let args = CommandLine.arguments.dropFirst()
let fm = FileManager.default
for catalog in args where catalog.hasSuffix(".xcassets") {
    let e = fm.enumerator(atPath: catalog)
    while let item = e?.nextObject() as? String {
        guard item.hasSuffix(".imageset/Contents.json") else { continue }
        let path = catalog + "/" + item
        guard let data = fm.contents(atPath: path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let images = json["images"] as? [[String: Any]] else { continue }
        let scales = Set(images.compactMap { $0["filename"] != nil ? $0["scale"] as? String : nil })
        for s in ["2x", "3x"] where !scales.contains(s) {
            print("\(path): warning: missing @\(s) image")
        }
    }
}

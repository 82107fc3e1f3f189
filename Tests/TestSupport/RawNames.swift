import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Names of any bytes, as Linux allows them (all but `/` and NUL): for tests of names that are
/// not valid UTF-8, which a Swift `String` path cannot spell.
public enum RawNames {
    /// Creates a folder (or an empty file) named by `bytes` in `folder`; false when it could not.
    @discardableResult
    public static func make(_ bytes: [UInt8], in folder: String, isFolder: Bool) -> Bool {
        (Array(folder.utf8) + [UInt8(ascii: "/")] + bytes + [0]).withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { c -> Bool in
                if isFolder { return mkdir(c.baseAddress!, 0o700) == 0 }
                let fd = open(c.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o600)
                if fd >= 0 { close(fd) }
                return fd >= 0
            }
        }
    }
}

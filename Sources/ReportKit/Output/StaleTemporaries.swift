#if canImport(Glibc)
import Glibc
#endif

/// Removes the temporary files that runs killed mid-write (SIGKILL, power loss) left in a folder.
///
/// A temporary is named `.report-tmp-<target>.<pid>.<n>`. It is stale when it is a regular file
/// (never a symbolic link, which is neither followed nor removed) owned by this user and its
/// process no longer exists; a temporary of a live process, or of a process this user may not
/// signal, is left alone.
enum StaleTemporaries {
    /// Removes every stale temporary in `folder`, whatever its target.
    static func remove(in folder: String) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        let dirFD = dirfd(dir)
        let me = getpid(), user = geteuid()
        let prefix = Array(AtomicFile.tempPrefix.utf8)
        while let entry = readdir(dir) {
            // Most names are not ours, which their first bytes tell without making a string (a
            // Downloads folder of 3,000 files made 3,000 of them for every report written in it).
            let ours = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.count > prefix.count && raw.prefix(prefix.count).elementsEqual(prefix)
            }
            guard ours else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let pid = owner(ofTemporary: name), pid != me else { continue }
            var st = stat()
            guard fstatat(dirFD, name, &st, AT_SYMLINK_NOFOLLOW) == 0,
                  st.st_mode & S_IFMT == S_IFREG, st.st_uid == user else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                _ = unlinkat(dirFD, name, 0)
            }
        }
    }

    /// The process id in a temporary's name, or nil when `name` is not one of ours.
    static func owner(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix(AtomicFile.tempPrefix) else { return nil }
        let parts = name.dropFirst(AtomicFile.tempPrefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let attempt = parts.last, !attempt.isEmpty, attempt.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let pid = pid_t(parts[parts.count - 2]), pid > 0 else { return nil }
        return pid
    }
}

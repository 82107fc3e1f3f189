import FoundationEssentials
import ReportKit
#if canImport(Glibc)
import Glibc
#endif

/// The process's standard streams as the tool relies on them: writing to standard error never
/// fails the run, and a closed standard stream never lends its number to a file opened later.
enum StandardStreams {
    /// Prepares the streams before anything else runs: a broken pipe becomes a write error
    /// (`EPIPE`) instead of a signal, and each closed standard descriptor is filled with
    /// `/dev/null` opened the wrong way round, so that using it still fails like a closed one.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for (fd, placeholderMode) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)] {
            guard fcntl(fd, F_GETFD) < 0, errno == EBADF else { continue }
            let opened = open("/dev/null", placeholderMode)
            if opened >= 0 && opened != fd {
                _ = dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// Writes `text` to standard error with write(2). Failures (closed stream, full disk,
    /// broken pipe) are ignored: messages are best effort, the exit status carries the outcome.
    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(STDERR_FILENO, base + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

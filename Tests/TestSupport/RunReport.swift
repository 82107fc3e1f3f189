import Foundation
import Synchronization
import XCTest

/// Runs the built `report` executable, as a user would, and captures what it printed.
public struct RunResult {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

public enum ReportBinary {
    /// `.build/<config>/report`, beside the test bundle.
    public static var url: URL {
        let bundle = Bundle.main.bundleURL
        var dir = bundle.hasDirectoryPath ? bundle : bundle.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("report")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return TestPaths.repoRoot.appendingPathComponent(".build/debug/report")
    }

    /// Runs `report` with `arguments` in `directory`, feeding `stdin`.
    @discardableResult
    public static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                           in directory: URL? = nil) throws -> RunResult {
        try runTool(url, arguments, stdin: stdin, environment: environment, in: directory)
    }

    /// The program `name` found on PATH (pdftotext, qpdf, python3, …). When it is missing the
    /// test is skipped, or fails in CI (`CI` set), which must run every check: never a silent pass.
    public static func require(_ name: String) throws -> URL {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw missing("\(name) is not installed (scripts/setup.sh installs it)")
    }

    /// What a test throws when something it needs is not on this machine: `XCTSkip` locally, a
    /// failure in CI.
    public static func missing(_ what: String) -> Error {
        let ci = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
        return ci ? MissingInCI(description: what + ", and CI runs every test") : XCTSkip(what)
    }

    struct MissingInCI: Error, CustomStringConvertible { var description: String }

    /// The environment of every process a test starts: of the caller's only `PATH` and `HOME`
    /// (where fontconfig keeps its cache), `LANG=C.UTF-8` and `TZ=UTC`, then `extra` (what the
    /// test is about: `SOURCE_DATE_EPOCH`, `REPORT_TEMPLATES`, a shard index, …). So a variable of
    /// the caller's (Debian's package builds set `SOURCE_DATE_EPOCH`) never reaches a run.
    public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        let caller = ProcessInfo.processInfo.environment
        var env = ["LANG": "C.UTF-8", "TZ": "UTC"]
        for name in ["PATH", "HOME"] { env[name] = caller[name] }
        return env.merging(extra) { $1 }
    }

    /// A process of `executable` (by default `report`) with `arguments` and `environment(extra)`,
    /// not started: for a test that waits for it or signals it itself.
    public static func process(_ arguments: [String], executable: URL = url, environment extra: [String: String] = [:],
                               in directory: URL? = nil) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(extra)
        if let directory { process.currentDirectoryURL = directory }
        return process
    }

    /// Runs `report` through `/bin/sh` with the shell redirection `redirection` (`2>&-` closes
    /// standard error, `2>/dev/full` makes every write to it fail); what is left open is captured.
    public static func run(_ arguments: [String], redirecting redirection: String,
                           in directory: URL? = nil) throws -> RunResult {
        try runTool(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" \"$@\" \(redirection)", url.path] + arguments,
                    in: directory)
    }

    /// Runs the program at `url` (a path from `require`, or `report`) to its end and captures
    /// what it printed.
    public static func runTool(_ url: URL, _ arguments: [String], stdin: Data? = nil,
                               environment: [String: String] = [:], in directory: URL? = nil) throws -> RunResult {
        let child = process(arguments, executable: url, environment: environment, in: directory)
        let out = Pipe(), err = Pipe(), inp = Pipe()
        child.standardOutput = out
        child.standardError = err
        child.standardInput = inp
        try child.run()
        let group = DispatchGroup()
        let outData = Captured(), errData = Captured()
        DispatchQueue.global().async(group: group) { outData.set(out.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        if let stdin {
            // A child that stops reading early (an input over a limit) closes the pipe: the rest
            // of the input is dropped instead of killing the test process with SIGPIPE.
            _ = ignoreBrokenPipes
            try? inp.fileHandleForWriting.write(contentsOf: stdin)
        }
        try? inp.fileHandleForWriting.close()
        group.wait()
        child.waitUntilExit()
        return RunResult(status: child.terminationStatus, stdout: outData.value,
                         stderr: String(decoding: errData.value, as: UTF8.self))
    }
}

/// SIGPIPE ignored in the test process, once: writes to a closed pipe then fail with EPIPE.
private let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

/// What one reader thread read, taken after `DispatchGroup.wait()`.
final class Captured: Sendable {
    private let data = Mutex(Data())
    func set(_ value: Data) { data.withLock { $0 = value } }
    var value: Data { data.withLock { $0 } }
}

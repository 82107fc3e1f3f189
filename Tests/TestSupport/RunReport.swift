import Foundation

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

    /// Runs any program found on PATH (pdftotext, qpdf, …); `nil` when it is not installed.
    public static func tool(_ name: String) -> URL? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Runs `report` through `/bin/sh` with the shell redirection `redirection` (`2>&-` closes
    /// standard error, `2>/dev/full` makes every write to it fail); what is left open is captured.
    public static func run(_ arguments: [String], redirecting redirection: String,
                           in directory: URL? = nil) throws -> RunResult {
        try runTool(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" \"$@\" \(redirection)", url.path] + arguments,
                    in: directory)
    }

    public static func runTool(_ url: URL, _ arguments: [String], stdin: Data? = nil,
                               environment: [String: String] = [:], in directory: URL? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["REPORT_TEMPLATES"] = nil
        env["SOURCE_DATE_EPOCH"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        let group = DispatchGroup()
        let outBox = DataBox(), errBox = DataBox()
        DispatchQueue.global().async(group: group) { outBox.data = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
        if let stdin {
            // A child that stops reading early (an input over a limit) closes the pipe: the rest
            // of the input is dropped instead of killing the test process with SIGPIPE.
            _ = ignoreBrokenPipes
            try? inp.fileHandleForWriting.write(contentsOf: stdin)
        }
        try? inp.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: outBox.data,
                         stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}

/// SIGPIPE ignored in the test process, once: writes to a closed pipe then fail with EPIPE.
private let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

/// Written by one reader thread, read after `DispatchGroup.wait()`.
final class DataBox: @unchecked Sendable { var data = Data() }

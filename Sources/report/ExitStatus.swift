/// The documented exit statuses (README, "Exit status").
enum ExitStatus: Int32 {
    case success = 0
    /// The input data is invalid (strict mode), or a file could not be read.
    case invalidInput = 1
    /// The command line is wrong.
    case usage = 2
    /// The request needs a higher tier.
    case tier = 3
    /// The output (or the store) cannot be written or opened.
    case output = 4
}

/// Every failure a command reports. `Diagnostics` turns it into stderr lines and an exit status;
/// no other place prints errors or picks exit codes.
enum CommandFailure: Error {
    /// Input problems, already formatted `file:line:column: error: …`.
    case invalidInput([String])
    case usage(String)
    case tier(String)
    case output(String)
    /// Templates missing or broken: the installation is wrong, reported like an input error.
    case templates(String)
    /// The layout engine could not place an element.
    case layout(String)
}

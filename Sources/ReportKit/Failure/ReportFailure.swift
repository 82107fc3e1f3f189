import Catalog
import Ingest
import Render

/// The kinds of failure a run can end with, each with its documented exit status (README, "Exit
/// status"). The one map from failures to statuses: every error type the tool throws adopts
/// `ReportFailure` and names its kind; the command line turns the kind into the status.
public enum FailureKind: Int32, Sendable, CaseIterable {
    /// The input data is invalid (nothing was written), or an input could not be read.
    case invalidInput = 1
    /// The command line is wrong.
    case usage = 2
    /// The request needs a higher tier.
    case tier = 3
    /// The output, or the care store, cannot be opened or written.
    case output = 4
}

/// An error that knows what kind of failure it is and how to say it, with and without the
/// values it carries (JSON log lines carry no value that may be health data or a name).
public protocol ReportFailure: Error, CustomStringConvertible {
    var kind: FailureKind { get }
    /// The message, as `report: error: MESSAGE` prints it; by default the description.
    var message: String { get }
    /// The message without the values of the input or the command line; by default the message.
    var messageWithoutValues: String { get }
}

extension ReportFailure {
    public var message: String { description }
    public var messageWithoutValues: String { message }
}

/// A failure raised by a command or a job itself, not by a library stage: a kind and a message.
public struct RunFailure: ReportFailure, Equatable {
    public var kind: FailureKind
    public var message: String

    public init(_ kind: FailureKind, _ message: String) {
        self.kind = kind; self.message = message
    }

    public var description: String { message }
}

// The library stages below the kit name their kinds here, in one place.

extension IngestError: ReportFailure {
    /// Invalid or unreadable input; a reader's library that cannot be loaded is like an output
    /// that cannot be made (status 4): nothing is wrong with the input.
    public var kind: FailureKind {
        if case .library = self { return .output }
        return .invalidInput
    }
}

extension CatalogError: ReportFailure {
    /// A broken templates folder is invalid input: nothing can be written from it.
    public var kind: FailureKind { .invalidInput }
}

extension LayoutError: ReportFailure {
    /// Input whose text cannot be placed on a page.
    public var kind: FailureKind { .invalidInput }
    public var message: String { "layout: " + description }
    public var messageWithoutValues: String { "layout: " + descriptionWithoutValues }
}

extension RenderError: ReportFailure {
    /// Cairo could not make the output.
    public var kind: FailureKind { .output }
}

extension AtomicFile.Failure: ReportFailure {
    public var kind: FailureKind { .output }
}

import CuraKnot
import Foundation
import Ingest

/// Reads `text` as the file `name` (in a fresh temporary folder, made the current directory while
/// it is read, so messages name just `name`) with one of Care's readers. The test process's
/// current directory is given back before the folder goes: the processes later tests start must
/// not inherit a removed one.
func readText<T>(_ text: String, _ name: String, _ reader: ([InputSource], IngestOptions) throws -> IngestResult<T>,
                 skipInvalid: Bool = false) throws -> IngestResult<T> {
    let dir = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                          appropriateFor: URL(fileURLWithPath: "/tmp"), create: true)
    let url = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: dir) }
    let previous = FileManager.default.currentDirectoryPath
    guard FileManager.default.changeCurrentDirectoryPath(dir.path) else { throw CocoaError(.fileReadNoSuchFile) }
    defer { FileManager.default.changeCurrentDirectoryPath(previous) }
    return try reader([InputSource(path: name)], IngestOptions(skipInvalid: skipInvalid))
}

/// The located messages `body` fails with (none when it succeeds).
func diagnostics(_ body: () throws -> Void) -> [String] {
    do { try body(); return [] } catch let e as IngestError { return e.diagnostics.map(\.description) } catch { return ["\(error)"] }
}

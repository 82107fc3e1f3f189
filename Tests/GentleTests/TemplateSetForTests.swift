import Catalog
import TestSupport

/// The Gentle Days templates of this checkout.
enum TemplateSetForTests {
    static func gentle() throws -> TemplateSet { try TemplateSet(directory: TestPaths.templates, app: "gentle") }
}

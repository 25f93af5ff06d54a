import Foundation

/// The package's folders, as the tests find them (from this file's place in the source tree).
public enum PackageFolder {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the programs under test: `JIANPU_PRODUCTS` when the run names one (`scripts/test` names the
    /// release build it has just made), else the folder of this test binary, where `swift test` builds the
    /// programs the test targets depend on. Never a copy some earlier build left behind.
    public static let products: URL = {
        if let named = ProcessInfo.processInfo.environment["JIANPU_PRODUCTS"], !named.isEmpty {
            return URL(fileURLWithPath: named, relativeTo: root).standardizedFileURL
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
    }()

    /// The path of a program of the package under test (`jianpu`, `chordpad`): the one way tests find it.
    public static func program(_ name: String) -> String {
        products.appendingPathComponent(name).path
    }
}

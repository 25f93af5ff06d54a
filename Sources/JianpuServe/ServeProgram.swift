import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// `jianpu serve`: the server run until Ctrl-C (or SIGTERM), its URL printed first.
public enum ServeProgram {
    /// The application for `configuration`; `onRunning` gets the port bound.
    public static func application(
        _ configuration: ServeConfiguration, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    )
        throws(ServeError) -> some ApplicationProtocol
    {
        let routes = try ServeRoutes(configuration: configuration)
        let bound = Mutex(configuration.port)
        var logger = Logger(label: "jianpu-serve")
        logger.logLevel = .error
        return Application(
            router: routes.router(port: { bound.withLock { $0 } }),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "jianpu"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                bound.withLock { $0 = port }
                await onRunning(port)
            },
            logger: logger)
    }

    /// Runs the server, printing its URL as the first line of standard output once it listens, opening a browser
    /// unless `openBrowser` is false. Returns when stopped by Ctrl-C or SIGTERM.
    public static func run(_ configuration: ServeConfiguration, openBrowser: Bool, say: @escaping @Sendable (String) -> Void) throws {
        let app = try application(configuration) { port in
            let url = configuration.url(port: port)
            say(url + "\n")
            if openBrowser { Browser.open(url) }
        }
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await app.runService() } catch { failure.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) {
            throw ServeError(.internalServerError, "cannot serve on \(configuration.host):\(configuration.port): \(error)")
        }
    }
}

/// Opens a URL in the desktop's browser, when there is a desktop.
enum Browser {
    static func open(_ url: String) {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return }
        for opener in ["/usr/bin/xdg-open", "/usr/bin/sensible-browser"] where FileManager.default.isExecutableFile(atPath: opener) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [url]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            if (try? process.run()) != nil { return }
        }
    }
}

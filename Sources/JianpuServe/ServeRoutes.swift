import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The editor's routes: the page and its scripts, CodeMirror, and the JSON API.
///
/// - `GET /` the editor; `GET /assets/NAME` its scripts and style; `GET /codemirror/…` Debian's CodeMirror
/// - `POST /api/render` `{"text"}` → `RenderResult` (pages, diagnostics, timing)
/// - `GET /api/files` the folder's scores and the file opened first; `GET /api/file?path=` one opened
/// - `GET /api/version?path=` its fingerprint on disk now; `POST /api/save` `{"path","text","version"?}`
/// - `POST /api/download?format=pdf|midi|musicxml|wav|ogg` `{"text"}` → the file
public struct ServeRoutes: Sendable {
    let configuration: ServeConfiguration
    let folder: ServedFolder
    let renders: RenderService
    /// Sound and downloads: one at a time, apart from typesetting, so a long render never delays the page.
    let downloads = DispatchQueue(label: "jianpu.serve.downloads", qos: .utility)

    public init(configuration: ServeConfiguration) throws(ServeError) {
        self.configuration = configuration
        folder = try ServedFolder(configuration.folder)
        renders = RenderService(seconds: configuration.renderSeconds)
    }

    /// The router, every route behind `AccessGuard`; `port` tells the guard the port bound.
    public func router(port: @escaping @Sendable () -> Int) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: AccessGuard(token: configuration.token, port: port, host: configuration.host))
        router.get("/") { _, _ in Self.text(PageAssets.html, type: "text/html; charset=utf-8") }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.get("/assets/:name") { _, context in
            guard let name = context.parameters.get("name"), let asset = PageAssets.files[name] else { throw HTTPError(.notFound) }
            return Self.text(asset.text, type: asset.type)
        }
        router.get("/codemirror/**") { _, context in
            let path = context.parameters.getCatchAll().joined(separator: "/")
            guard let asset = PageAssets.codeMirror(path) else { throw HTTPError(.notFound) }
            return Self.text(asset.text, type: asset.type)
        }
        router.post("/api/render") { request, context in
            let asked = try await Self.decode(RenderRequest.self, request, limit: configuration.maximumBody)
            return try await Self.answer { () throws(ServeError) in try await renders.render(asked) }
        }
        router.get("/api/files") { _, _ in
            let listing = FileListing(folder: folder.root, files: folder.list(), initial: configuration.initialFile)
            return try Self.json(listing)
        }
        router.get("/api/file") { request, _ in
            let path = request.uri.queryParameters.get("path") ?? ""
            return try await Self.answer { () throws(ServeError) in try OpenedFile.open(path, in: folder) }
        }
        router.get("/api/version") { request, _ in
            let path = request.uri.queryParameters.get("path") ?? ""
            return try await Self.answer { () throws(ServeError) in SavedFile(path: path, version: try folder.version(path)) }
        }
        router.post("/api/save") { request, context in
            let asked = try await Self.decode(SaveRequest.self, request, limit: configuration.maximumBody)
            return try await Self.answer { () throws(ServeError) in
                guard asked.text.utf8.count <= ScoreText.maximumBytes else { throw ServeError(.contentTooLarge, "the score is larger than 1 MB") }
                return SavedFile(path: asked.path, version: try folder.save(asked.path, bytes: Array(asked.text.utf8), expected: asked.force == true ? nil : asked.version))
            }
        }
        router.post("/api/download") { request, context in
            guard let format = request.uri.queryParameters.get("format").flatMap(Download.init(rawValue:)) else {
                return Self.failure(ServeError(.badRequest, "format must be one of: " + Download.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            let asked = try await Self.decode(RenderRequest.self, request, limit: configuration.maximumBody)
            let name = (asked.name ?? "score.jp")
            let soundFont = configuration.soundFont
            let made = await RenderService.bounded(seconds: 120, on: downloads) {
                Result { () throws(ServeError) in try format.make(asked.text, name: name, transpose: asked.transpose ?? 0, mute: Set(asked.mute ?? []), soundFont: soundFont) }
            }
            guard let made else { return Self.failure(ServeError(.serviceUnavailable, "making the \(format.rawValue) took too long")) }
            switch made {
            case .failure(let error): return Self.failure(error)
            case .success(let bytes):
                let stem = ((name as NSString).lastPathComponent as NSString).deletingPathExtension.filter { $0.isLetter || $0.isNumber || "-_ ".contains($0) }
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: format.contentType,
                        .contentDisposition: "attachment; filename=\"\(stem.isEmpty ? "score" : stem).\(format.fileExtension)\"",
                    ], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
        return router
    }

    /// The folder and its scores, for `GET /api/files`.
    struct FileListing: Codable, Sendable {
        var folder: String
        var files: [String]
        var initial: String?
    }

    /// A save asked for: the path, the text, the version it was opened at (refused if the disk has another), `force` to overwrite anyway.
    struct SaveRequest: Codable, Sendable {
        var path: String
        var text: String
        var version: String?
        var force: Bool?
    }

    /// A file's fingerprint after a save, or on disk now.
    struct SavedFile: Codable, Sendable {
        var path: String
        var version: String?
    }

    /// The body read (at most `limit` bytes, else 413) and decoded as JSON (else 400).
    static func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int) async throws -> T {
        var request = request
        let body = try await request.collectBody(upTo: limit)
        do { return try JSONDecoder().decode(T.self, from: Data(buffer: body)) } catch {
            throw HTTPError(.badRequest, message: "the body must be JSON: \(error)")
        }
    }

    /// The JSON of `make()`'s value, or its `ServeError` as `{"error": …}` with its status.
    static func answer<T: Encodable & Sendable>(_ make: () async throws(ServeError) -> T) async throws -> Response {
        let value: T
        do { value = try await make() } catch { return failure(error) }
        return try json(value)
    }

    static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try JSONEncoder().encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func failure(_ error: ServeError) -> Response {
        (try? json(["error": error.message], status: error.status)) ?? Response(status: error.status)
    }

    static func text(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

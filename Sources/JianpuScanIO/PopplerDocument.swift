import CPoppler
import JianpuScan

/// A PDF opened with poppler-glib: owns the `PopplerDocument` and frees it. Reads the embedded jianpu
/// text, and each page's text with positions and its ink.
///
/// Limits keep a hostile file harmless: the bytes are read by the caller within its limit, an
/// attachment is read only up to `EmbeddedSource.maximumBytes`, pages larger than `maximumPagePoints`
/// on a side are refused, and a page's ink bitmap is at most `maximumPixels`.
public final class PopplerDocument {
    /// A page side more than 200 inches (PDF's own limit for user space) is no printed music.
    public static let maximumPagePoints = 14_400.0
    /// The largest ink bitmap made of a page: 64 megapixels (an A4 page at 300 dpi is 8.7).
    public static let maximumPixels = 64 << 20

    private let document: OpaquePointer
    /// The bytes poppler reads from; they live as long as the document.
    private let bytes: OpaquePointer
    /// The file, for messages.
    private let name: String

    /// Opens the PDF in `data`; `name` is for messages.
    public init(data: [UInt8], name: String) throws(ScanProblem) {
        guard let bytes = data.withUnsafeBytes({ g_bytes_new($0.baseAddress, gsize($0.count)) }) else {
            throw ScanProblem("\(name): cannot hold the PDF in memory")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            g_bytes_unref(bytes)
            throw ScanProblem("\(name): not a PDF poppler can read (\(reason))")
        }
        self.bytes = bytes
        self.document = document
        self.name = name
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
        g_bytes_unref(bytes)
    }

    /// The number of pages.
    public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// The bytes of the embedded file called `name`, nil when there is none; a file larger than
    /// `maximumBytes` is refused before it is read whole.
    public func attachment(named name: String, maximumBytes: Int) throws(ScanProblem) -> [UInt8]? {
        guard poppler_document_has_attachments(document) != 0, let list = poppler_document_get_attachments(document) else { return nil }
        defer { g_list_free_full(list) { g_object_unref($0) } }
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            defer { node = current.pointee.next }
            guard let raw = current.pointee.data else { continue }
            let attachment = raw.assumingMemoryBound(to: PopplerAttachment.self)
            guard let cName = attachment.pointee.name, String(cString: cName) == name else { continue }
            if Int(attachment.pointee.size) > maximumBytes {
                throw ScanProblem("the embedded file \(name) is \(attachment.pointee.size) bytes, more than \(maximumBytes)")
            }
            let sink = AttachmentSink(limit: maximumBytes)
            var error: UnsafeMutablePointer<GError>?
            let saved = poppler_attachment_save_to_callback(
                attachment,
                { buffer, count, context, error in
                    guard let context else { return 0 }
                    let sink = Unmanaged<AttachmentSink>.fromOpaque(context).takeUnretainedValue()
                    guard sink.bytes.count + Int(count) <= sink.limit else {
                        sink.overflowed = true
                        g_set_error_literal(error, g_quark_from_static_string("jianpu-scan"), 1, "too large")
                        return 0
                    }
                    if let buffer, count > 0 {
                        buffer.withMemoryRebound(to: UInt8.self, capacity: Int(count)) { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(count))) }
                    }
                    return 1
                }, Unmanaged.passUnretained(sink).toOpaque(), &error)
            if let error { g_error_free(error) }
            if sink.overflowed { throw ScanProblem("the embedded file \(name) is larger than \(maximumBytes) bytes") }
            guard saved != 0 else { throw ScanProblem("the embedded file \(name) cannot be read") }
            return sink.bytes
        }
        return nil
    }

    /// Page `index` (0-based), nil past the end.
    public func page(_ index: Int) -> PopplerPageHandle? {
        guard index >= 0, index < pageCount, let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        return PopplerPageHandle(page, number: index + 1, file: name)
    }
}

/// Where an attachment's bytes go as poppler reads them.
private final class AttachmentSink {
    let limit: Int
    var bytes: [UInt8] = []
    var overflowed = false
    init(limit: Int) { self.limit = limit }
}

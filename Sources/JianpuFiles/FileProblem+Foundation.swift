import Foundation

extension FileProblem {
    /// `what` failed on `path` for the reason a Foundation error gives, in the system's words
    /// (`cannot create the folder: No space left on device`), never a dump of its domain and code.
    public init(_ path: String, _ what: String, failure error: any Error) {
        self.init(path, "\(what): \(Self.reason(error))")
    }

    /// The reason a Foundation file operation failed, as one short phrase: the POSIX error beneath a
    /// `CocoaError` when there is one (`Permission denied`, `No space left on device`), else its kind.
    public static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let bridged = error as NSError
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(truncatingIfNeeded: underlying.code)))
        }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
            case .fileWriteNoPermission, .fileReadNoPermission: return "Permission denied"
            case .fileWriteOutOfSpace: return "No space left on device"
            case .fileWriteVolumeReadOnly: return "Read-only file system"
            case .fileWriteFileExists: return "File exists"
            case .fileWriteUnknown: return "it cannot be written there"
            case .fileReadUnknown, .fileReadCorruptFile: return "it cannot be read"
            default: break
            }
        }
        if bridged.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(truncatingIfNeeded: bridged.code))) }
        return "it failed (\(bridged.localizedDescription))"
    }
}

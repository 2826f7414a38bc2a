import HTTPTypes
import TrampolineModel

extension StaticHost {
    /// ``folderRedirectCode`` as a status.
    var folderRedirect: HTTPResponse.Status? { folderRedirectCode.map { HTTPResponse.Status(code: $0) } }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plain HTTP GETs for tile servers, made synchronously on the calling
/// worker thread (the tile loader runs few at a time): our own
/// User-Agent, no cookies, no cache but ours, a timeout, and the answer as
/// status, lower-cased headers and body.
final class HTTPFetcher: Sendable {
    struct Response: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let session: URLSession
    let userAgent: String

    init(userAgent: String, timeout: Double, connectionsPerHost: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration)
        self.userAgent = userAgent
    }

    /// GETs `url` with extra request headers; a failure to get any answer
    /// (refused, reset, timed out, a bad TLS handshake) is a `Failure`.
    func get(_ url: URL, headers: [String: String]) -> Result<Response, Failure> {
        var request = URLRequest(url: url)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            if let error {
                answer.result = .failure(Failure(description: error.localizedDescription))
            } else if let http = response as? HTTPURLResponse {
                var fields: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
                }
                answer.result = .success(Response(status: http.statusCode, headers: fields, body: data ?? Data()))
            } else {
                answer.result = .failure(Failure(description: "no HTTP answer"))
            }
            done.signal()
        }.resume()
        done.wait()
        return answer.result ?? .failure(Failure(description: "no answer"))
    }

    /// Where the completion handler leaves the result for the waiting
    /// thread; the semaphore orders the write before the read.
    private final class Answer: @unchecked Sendable {
        var result: Result<Response, Failure>?
    }
}

import Foundation

/// The process's environment variables, read once: Foundation builds the whole dictionary
/// again at every read (~400 k instructions, several times a start), and storefront never
/// changes its own environment.
public enum ProcessEnvironment {
    public static let variables = ProcessInfo.processInfo.environment
}

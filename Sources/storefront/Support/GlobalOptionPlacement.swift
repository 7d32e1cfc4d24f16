/// Arguments as users type them, put in the order the parser wants: global options may come
/// before the subcommand (`storefront --data-dir D buy X`) and are moved after it, and a
/// negative `set` value (`set latency -5`) is moved behind `--` so it reads as a value.
enum GlobalOptionPlacement {
    static let valued: Set<String> = ["--data-dir", "--catalog"]
    /// swift-argument-parser's own option that takes a value: the shell to write completions for.
    static let completionScript = "--generate-completion-script"

    /// The data directory and catalog of `storefront` given nothing but --data-dir and
    /// --catalog, each at most once with a value (`--data-dir D` or `--data-dir=D`) that is
    /// neither empty nor looks like an option: the storefront itself, which the parser would
    /// read the same. Nil for anything else, for the parser to read (and refuse).
    static func storefrontOnly(_ arguments: [String]) -> GlobalPaths? {
        var paths = GlobalPaths()
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name: String
            let value: String
            if valued.contains(argument), index + 1 < arguments.count {
                (name, value) = (argument, arguments[index + 1])
                index += 2
            } else if let equals = argument.firstIndex(of: "="), valued.contains(String(argument[..<equals])) {
                (name, value) = (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
                index += 1
            } else {
                return nil
            }
            guard !value.isEmpty, !value.hasPrefix("-"), seen.insert(name).inserted else { return nil }
            if name == "--data-dir" { paths.dataDir = value } else { paths.catalog = value }
        }
        return paths
    }

    /// The first argument that is neither an option nor an option's value: the subcommand, if
    /// the user gave one.
    static func firstWord(_ arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valued.contains(argument) || argument == completionScript {
                index += 2
            } else if argument.hasPrefix("-") {
                index += 1
            } else {
                return argument
            }
        }
        return nil
    }

    /// `nested`: the subcommands of a subcommand (`catalog export`), after which the global
    /// options go.
    static func normalize(_ arguments: [String], subcommands: Set<String>, nested: [String: Set<String>] = [:]) -> [String] {
        var globals: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valued.contains(argument), index + 1 < arguments.count {
                globals += [argument, arguments[index + 1]]
                index += 2
            } else if valued.contains(where: { argument.hasPrefix($0 + "=") }) {
                globals.append(argument)
                index += 1
            } else {
                break
            }
        }
        // `help` takes no options: `storefront --data-dir D help buy` is `storefront help buy`.
        if !globals.isEmpty, index < arguments.count, arguments[index] == "help" { return Array(arguments[index...]) }
        guard !globals.isEmpty, index < arguments.count, subcommands.contains(arguments[index]) else {
            return negativeValuesLast(arguments)
        }
        var command = [arguments[index]]
        if let inner = nested[arguments[index]], index + 1 < arguments.count, inner.contains(arguments[index + 1]) {
            command.append(arguments[index + 1])
        }
        return negativeValuesLast(command + globals + arguments[(index + command.count)...])
    }

    /// `set latency -5` should be refused as a bad value, not read as an unknown option `-5`:
    /// a negative number given to `set` goes after `--`, where the parser takes it as a value.
    private static func negativeValuesLast(_ arguments: [String]) -> [String] {
        guard arguments.first == "set", !arguments.contains("--") else { return arguments }
        let negative = arguments.filter { $0.count > 1 && $0.hasPrefix("-") && Int($0) != nil }
        guard !negative.isEmpty else { return arguments }
        return arguments.filter { !negative.contains($0) } + ["--"] + negative
    }

    /// Whether the user asked for JSON: then every error is JSON too, even one in the arguments.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }
}

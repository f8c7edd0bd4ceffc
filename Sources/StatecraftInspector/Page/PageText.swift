#if Inspector
/// The page's three files: plain HTML, CSS and JavaScript, with nothing to build and nothing
/// fetched from elsewhere.
enum PageText {
    /// Stands for the token in ``html``'s addresses of the other two files.
    static let tokenPlaceholder = "{{token}}"
}
#endif

#if Inspector
/// The page's three files, served as they are: plain HTML, CSS and JavaScript, with nothing
/// to build and nothing fetched from elsewhere.
enum PageText {}
#endif

// JavaScriptCore's C API as WebKitGTK installs it (Debian and Ubuntu: libjavascriptcoregtk-4.1-dev).
#include <JavaScriptCore/JavaScript.h>

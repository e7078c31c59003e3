// Where the shipped data files (evaluation weights, opening books) are found without configuration:
// $TEMPO_DATA_DIR/<kind> when that is set, <exe dir>/data/<kind> (the Windows zip),
// <exe dir>/../data/<kind>, <exe dir>/../share/tempo/<kind> (installed), <lib dir>/../share/tempo/<kind>
// when the code is in a shared library (libtempo.so), then, for a binary run from its build tree,
// the source tree's data/<kind> that it was built from (not for a cross build, whose binary runs on
// another machine).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tempo {

// The directories searched for files of `kind` ("weights", "book"), in order.
std::vector<std::string> data_search_path(std::string_view kind);
// The first existing regular file `name` in data_search_path(kind), or "" when there is none;
// `tried` (optional) receives the paths looked at, comma-separated, for an error message.
std::string find_data_file(std::string_view kind, std::string_view name, std::string* tried = nullptr);

}  // namespace tempo

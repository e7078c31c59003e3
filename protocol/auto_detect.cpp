#include "protocol/auto_detect.hpp"

#include <cctype>

#include "engine/text.hpp"
#include "protocol/gtp.hpp"
#include "protocol/nboard.hpp"

namespace tempo::protocol {

int run_detected_protocol(Session& session, InputQueue& input) {
    while (const InputLine* line = input.peek()) {
        std::size_t i = 0;
        const std::string& text = line->text;
        while (i < text.size() && is_space(text[i])) ++i;
        if (i == text.size()) {  // blank: neither protocol answers it
            input.next();
            continue;
        }
        const bool nboard = text.compare(i, 6, "nboard") == 0 && (i + 6 == text.size() || is_space(text[i + 6]));
        return nboard ? run_nboard(session, input) : run_gtp(session, input);
    }
    return 0;  // no input at all
}

}  // namespace tempo::protocol

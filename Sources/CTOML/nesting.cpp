// A scanner that knows just enough TOML to count nesting: strings (so that a dot or a
// bracket inside one counts for nothing), comments, keys, headers, arrays and inline
// tables. Its own stack is a vector, so no input can drive its recursion, and it stops at
// the first place past the limit, so the vector stays small too.
#include "nesting.h"

#include <vector>

namespace ctoml {
namespace {

class scanner {
  public:
    scanner(const char *text, size_t length, uint32_t limit)
        : position_(text), end_(text + length), line_start_(text), limit_(limit) {}

    bool run(too_deep &where) {
        while (!found_ && position_ < end_) {
            const char *before = position_;
            if (frames_.empty()) {
                top_level_line();
            } else if (frames_.back().is_array) {
                array_element();
            } else {
                inline_table_member();
            }
            if (position_ == before && !found_) {
                // Something no TOML has here (a `}` in an array): the parser refuses it;
                // go on from the next line.
                frames_.clear();
                skip_to_line_end();
                advance();
            }
        }
        if (found_) where = where_;
        return found_;
    }

  private:
    struct frame {
        bool is_array;
        /// An array's own depth, or an inline table's.
        uint32_t depth;
    };

    const char *position_;
    const char *end_;
    const char *line_start_;
    uint32_t line_ = 1;
    uint32_t limit_;
    /// The depth of the table the last `[header]` opened (0 for the root).
    uint32_t header_depth_ = 0;
    std::vector<frame> frames_;
    bool found_ = false;
    too_deep where_{};

    bool at_end() const { return position_ >= end_; }
    char peek(size_t ahead = 0) const {
        return position_ + ahead < end_ ? position_[ahead] : '\0';
    }
    bool looking_at(const char *token) const {
        for (size_t i = 0; token[i] != '\0'; i++) {
            if (peek(i) != token[i]) return false;
        }
        return true;
    }

    void advance() {
        if (at_end()) return;
        if (*position_ == '\n') {
            line_++;
            line_start_ = position_ + 1;
        }
        position_++;
    }

    /// Code points from the line's start, 1-based.
    uint32_t column() const {
        uint32_t column = 1;
        for (const char *p = line_start_; p < position_; p++) {
            if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) column++;
        }
        return column;
    }

    /// Notes `depth` at the current place; false (and the place kept) past the limit.
    bool within_limit(uint32_t depth) {
        if (depth <= limit_) return true;
        found_ = true;
        where_ = too_deep{line_, column()};
        return false;
    }

    void skip_blanks() {
        while (peek() == ' ' || peek() == '\t' || peek() == '\r') advance();
    }

    void skip_to_line_end() {
        while (!at_end() && peek() != '\n') advance();
    }

    /// Blanks, newlines and comments, as between an array's elements.
    void skip_blanks_and_lines() {
        while (!at_end()) {
            skip_blanks();
            if (peek() == '#') {
                skip_to_line_end();
            } else if (peek() == '\n') {
                advance();
            } else {
                return;
            }
        }
    }

    /// A one-line string opened by `quote`, escapes only in basic ("…") strings.
    void skip_string(char quote) {
        advance();
        while (!at_end() && peek() != '\n') {
            if (quote == '"' && peek() == '\\') {
                advance();
                if (peek() != '\n') advance();
                continue;
            }
            if (peek() == quote) {
                advance();
                return;
            }
            advance();
        }
    }

    /// A multi-line string opened by three `quote`s; up to two more quotes may end it.
    void skip_multiline_string(char quote) {
        advance();
        advance();
        advance();
        while (!at_end()) {
            if (quote == '"' && peek() == '\\') {
                advance();
                advance();
                continue;
            }
            if (peek() == quote && peek(1) == quote && peek(2) == quote) {
                advance();
                advance();
                advance();
                for (int extra = 0; extra < 2 && peek() == quote; extra++) advance();
                return;
            }
            advance();
        }
    }

    static bool is_bare_key_character(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
            || c == '_' || c == '-';
    }

    /// A key, dotted or not; its number of parts, 0 when there is no key here. Stops
    /// counting (with `found_` set) at the first part past `base`'s limit.
    uint32_t key(uint32_t base) {
        uint32_t parts = 0;
        while (true) {
            skip_blanks();
            if (!within_limit(base + parts + 1)) return parts + 1;
            if (peek() == '"' || peek() == '\'') {
                skip_string(peek());
            } else if (is_bare_key_character(peek())) {
                while (is_bare_key_character(peek())) advance();
            } else {
                return parts;
            }
            parts++;
            skip_blanks();
            if (peek() != '.') return parts;
            advance();
        }
    }

    /// A value of depth `depth` starts here: a string or scalar is skipped, an array or
    /// inline table opens a frame.
    void value(uint32_t depth) {
        skip_blanks();
        if (!within_limit(depth)) return;
        if (looking_at("\"\"\"") || looking_at("'''")) {
            skip_multiline_string(peek());
        } else if (peek() == '"' || peek() == '\'') {
            skip_string(peek());
        } else if (peek() == '[' || peek() == '{') {
            frames_.push_back(frame{peek() == '[', depth});
            advance();
            return;
        } else {
            while (!at_end()) {
                char c = peek();
                if (c == ',' || c == ']' || c == '}' || c == '#' || c == '\n') break;
                advance();
            }
        }
        value_done();
    }

    /// After a whole value: on the top level, the rest of its line is a comment or an
    /// error for the parser.
    void value_done() {
        if (frames_.empty()) skip_to_line_end();
    }

    void top_level_line() {
        skip_blanks();
        if (at_end()) return;
        char c = peek();
        if (c == '\n') {
            advance();
        } else if (c == '#') {
            skip_to_line_end();
        } else if (c == '[') {
            advance();
            bool array_of_tables = peek() == '[';
            if (array_of_tables) advance();
            uint32_t parts = key(0);
            if (found_) return;
            // `[[a]]`: the array is at depth 1, the table each entry makes at depth 2.
            header_depth_ = parts + (array_of_tables ? 1 : 0);
            if (!within_limit(header_depth_)) return;
            skip_to_line_end();
        } else {
            uint32_t parts = key(header_depth_);
            if (found_) return;
            skip_blanks();
            if (parts == 0 || peek() != '=') {
                skip_to_line_end();
                return;
            }
            advance();
            value(header_depth_ + parts);
        }
    }

    /// At an array's or inline table's `closer`, or a comma between its members: consumed,
    /// true. Anything else is a member, and left for the caller.
    bool closed_or_separated(char closer) {
        if (peek() == closer) {
            advance();
            frames_.pop_back();
            value_done();
            return true;
        }
        if (peek() == ',') {
            advance();
            return true;
        }
        return false;
    }

    void array_element() {
        skip_blanks_and_lines();
        if (at_end() || closed_or_separated(']')) return;
        value(frames_.back().depth + 1);
    }

    void inline_table_member() {
        skip_blanks_and_lines();
        if (at_end() || closed_or_separated('}')) return;
        uint32_t depth = frames_.back().depth;
        uint32_t parts = key(depth);
        if (found_) return;
        skip_blanks();
        if (parts == 0 || peek() != '=') {
            // Not TOML: leave the rest of the line to the parser's error.
            frames_.clear();
            skip_to_line_end();
            return;
        }
        advance();
        value(depth + parts);
    }
};

}  // namespace

bool nests_deeper_than(const char *text, size_t length, uint32_t limit, too_deep &where) {
    return scanner(text, length, limit).run(where);
}

}  // namespace ctoml

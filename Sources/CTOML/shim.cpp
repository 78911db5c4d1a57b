// toml++ is used header-only: no runtime package on the Pi, and only the parser ends up in
// the binary. Exceptions are off, so parse errors come back as values.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
// toml++ 3.3/3.4 asserts in parse_key() on a header such as `[+a]` before reporting the
// same problem as a parse error (marzer/tomlplusplus#301); release builds of toml++
// compile the assertion out, and so do we in every build, so the error is reported.
#define TOML_ASSERT(expr) static_assert(true)
// toml++ 3.4 (trixie) writes that assertion as TOML_ASSERT_ASSUME, which becomes
// __builtin_assume when NDEBUG is defined: undefined behaviour on such a header. Without
// NDEBUG it is TOML_ASSERT, the no-op above, in every build of this file.
#undef NDEBUG

#include "ctoml.h"
#include "nesting.h"

#include <cstring>
#include <algorithm>
#include <deque>
#include <memory>
#include <new>
#include <sstream>
#include <string>
#include <vector>

// Debian's 3.3 ships the header as toml++/toml.h; upstream's name is toml++/toml.hpp.
#if __has_include(<toml++/toml.hpp>)
#include <toml++/toml.hpp>
#else
#include <toml++/toml.h>
#endif

struct ctoml_document {
    toml::table root;
    std::vector<ctoml_node> nodes;
    std::deque<std::string> texts;
};

namespace {

ctoml_position position(const toml::source_position &source) {
    return ctoml_position{static_cast<uint32_t>(source.line), static_cast<uint32_t>(source.column)};
}

template <typename T> void set_text(ctoml_document &document, ctoml_node &node, const T &value) {
    std::ostringstream stream;
    stream << value;
    document.texts.push_back(stream.str());
    node.text = document.texts.back().data();
    node.text_length = document.texts.back().size();
}

// Recursive, but never deeper than CTOML_MAXIMUM_DEPTH (twice that through arrays of
// tables): ctoml_parse refuses deeper text before toml++ parses it.
void append(ctoml_document &document, const toml::key *key, const toml::node &value) {
    ctoml_node node{};
    if (key != nullptr) {
        node.key = key->data();
        node.key_length = key->length();
        node.key_begin = position(key->source().begin);
    }
    node.begin = position(value.source().begin);
    node.end = position(value.source().end);
    switch (value.type()) {
    case toml::node_type::table: {
        const toml::table &table = *value.as_table();
        node.kind = CTOML_TABLE;
        node.is_inline = table.is_inline();
        node.child_count = static_cast<uint32_t>(table.size());
        document.nodes.push_back(node);
        for (auto &&[member_key, member] : table) append(document, &member_key, member);
        return;
    }
    case toml::node_type::array: {
        const toml::array &array = *value.as_array();
        node.kind = CTOML_ARRAY;
        node.child_count = static_cast<uint32_t>(array.size());
        document.nodes.push_back(node);
        for (const toml::node &element : array) append(document, nullptr, element);
        return;
    }
    case toml::node_type::string: {
        const std::string &text = value.as_string()->get();
        node.kind = CTOML_STRING;
        node.text = text.data();
        node.text_length = text.size();
        break;
    }
    case toml::node_type::integer:
        node.kind = CTOML_INTEGER;
        node.integer = value.as_integer()->get();
        break;
    case toml::node_type::floating_point:
        node.kind = CTOML_FLOAT;
        node.floating = value.as_floating_point()->get();
        break;
    case toml::node_type::boolean:
        node.kind = CTOML_BOOLEAN;
        node.boolean = value.as_boolean()->get();
        break;
    case toml::node_type::date:
        node.kind = CTOML_DATE;
        set_text(document, node, value.as_date()->get());
        break;
    case toml::node_type::time:
        node.kind = CTOML_TIME;
        set_text(document, node, value.as_time()->get());
        break;
    case toml::node_type::date_time:
        node.kind = CTOML_DATE_TIME;
        set_text(document, node, value.as_date_time()->get());
        break;
    case toml::node_type::none:
        break;
    }
    document.nodes.push_back(node);
}

void fail(ctoml_error *error, const toml::source_position &where, std::string_view message) {
    if (error == nullptr) return;
    error->position = position(where);
    error->too_deep = false;
    size_t length = std::min(message.size(), sizeof error->message - 1);
    std::memcpy(error->message, message.data(), length);
    error->message[length] = '\0';
}

}  // namespace

extern "C" ctoml_document *ctoml_parse(const char *text, size_t length, ctoml_error *error) {
    std::unique_ptr<ctoml_document> document(new (std::nothrow) ctoml_document());
    if (!document) {
        fail(error, toml::source_position{}, "out of memory");
        return nullptr;
    }
    ctoml::too_deep deep{};
    if (ctoml::nests_deeper_than(text, length, CTOML_MAXIMUM_DEPTH, deep)) {
        fail(error, toml::source_position{deep.line, deep.column},
             "tables, arrays and dotted keys nest more than " + std::to_string(CTOML_MAXIMUM_DEPTH)
                 + " levels deep here; shorten the dotted name (a weather-kiosk config needs 3)");
        if (error != nullptr) error->too_deep = true;
        return nullptr;
    }
#if __cpp_exceptions
    try {
#endif
        toml::parse_result result = toml::parse(std::string_view(text, length));
        if (!result) {
            fail(error, result.error().source().begin, result.error().description());
            return nullptr;
        }
        document->root = std::move(result).table();
        append(*document, nullptr, document->root);
#if __cpp_exceptions
    } catch (const std::bad_alloc &) {
        fail(error, toml::source_position{}, "out of memory");
        return nullptr;
    }
#endif
    return document.release();
}

extern "C" size_t ctoml_node_count(const ctoml_document *document) { return document->nodes.size(); }

extern "C" const ctoml_node *ctoml_nodes(const ctoml_document *document) {
    return document->nodes.data();
}

extern "C" void ctoml_free(ctoml_document *document) { delete document; }

// How deep a TOML text nests its tables, arrays and dotted keys, found before toml++ builds
// the tree: toml++ walks and frees the tree recursively, so a header such as `[a.a.a…]`
// with thousands of parts would overflow the stack before any check on the tree could run.
#ifndef CTOML_NESTING_H
#define CTOML_NESTING_H

#include <cstddef>
#include <cstdint>

namespace ctoml {

/// Where the text first nests deeper than the limit.
struct too_deep {
    uint32_t line;
    uint32_t column;
};

/// Scans `length` bytes of `text` without recursion and reports the first table header,
/// key or value that nests more than `limit` levels below the root (a dotted part, an
/// array or an inline table each add one). Text that is not valid TOML is scanned as far
/// as it can be and left to the parser to refuse. Returns true and fills `where` when the
/// limit is passed.
bool nests_deeper_than(const char *text, size_t length, uint32_t limit, too_deep &where);

}  // namespace ctoml

#endif

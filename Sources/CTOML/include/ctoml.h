// A small C API over toml++ (Debian's libtomlplusplus-dev, used header-only): parse a TOML
// document into a flat tree where every table, key and value carries its source position.
#ifndef CTOML_H
#define CTOML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a node holds.
typedef enum ctoml_kind {
    CTOML_TABLE,
    CTOML_ARRAY,
    CTOML_STRING,
    CTOML_INTEGER,
    CTOML_FLOAT,
    CTOML_BOOLEAN,
    CTOML_DATE,
    CTOML_TIME,
    CTOML_DATE_TIME,
} ctoml_kind;

/// A place in the source: 1-based line, and 1-based column counted in Unicode code points.
typedef struct ctoml_position {
    uint32_t line;
    uint32_t column;
} ctoml_position;

/// One table, array or value. Nodes come in pre-order: a table's or array's
/// `child_count` children follow it, each followed by its own descendants.
typedef struct ctoml_node {
    ctoml_kind kind;
    /// A table written inline, `{ ... }`.
    bool is_inline;
    /// Direct children: a table's members or an array's elements.
    uint32_t child_count;
    /// A table member's key (UTF-8, not NUL-terminated); NULL for the root and array elements.
    const char *key;
    size_t key_length;
    /// Where the member's key is written (for `a.b = 1`, `b`'s key is at `b`).
    ctoml_position key_begin;
    /// Where the value starts and ends (end: just past its last character). A table's
    /// start is its `[header]`, or its first key when dotted keys made it.
    ctoml_position begin;
    ctoml_position end;
    int64_t integer;
    double floating;
    bool boolean;
    /// A string's value, or a date or time as TOML writes it (UTF-8, not NUL-terminated).
    const char *text;
    size_t text_length;
} ctoml_node;

/// How many levels below the root a document may nest (each dotted part, array and inline
/// table is one). Deeper documents are refused before toml++ builds its tree, which it walks
/// and frees recursively: a header of thousands of dotted parts would overflow the stack.
#define CTOML_MAXIMUM_DEPTH 32

/// Why a document did not parse, and where.
typedef struct ctoml_error {
    ctoml_position position;
    char message[256];
    /// The document nests deeper than `CTOML_MAXIMUM_DEPTH` at `position`.
    bool too_deep;
} ctoml_error;

/// A parsed document; it owns its nodes and their text.
typedef struct ctoml_document ctoml_document;

/// Parses `length` bytes of `text`. Returns NULL and fills `error` when the text is not
/// valid TOML, nests deeper than `CTOML_MAXIMUM_DEPTH`, or memory runs out.
ctoml_document *ctoml_parse(const char *text, size_t length, ctoml_error *error);

/// The number of nodes; the root table is node 0.
size_t ctoml_node_count(const ctoml_document *document);

/// The nodes, in pre-order; valid until `ctoml_free`.
const ctoml_node *ctoml_nodes(const ctoml_document *document);

/// Frees a document and its nodes.
void ctoml_free(ctoml_document *document);

#ifdef __cplusplus
}
#endif

#endif

// EXPECT_PARSE_ERROR(statement, fragment): the statement must throw tempo::ParseError whose message
// contains `fragment` (any other exception fails the test too).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/parse_error.hpp"

#define EXPECT_PARSE_ERROR(statement, fragment)                                          \
    do {                                                                                 \
        try {                                                                            \
            statement;                                                                   \
            ADD_FAILURE() << "no ParseError from: " #statement;                          \
        } catch (const tempo::ParseError& error__) {                                     \
            EXPECT_NE(std::string(error__.what()).find(fragment), std::string::npos)     \
                << "expected '" << (fragment) << "' in the message: " << error__.what(); \
        }                                                                                \
    } while (0)

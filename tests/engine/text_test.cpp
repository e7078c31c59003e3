#include <gtest/gtest.h>

#include "engine/text.hpp"

namespace tempo {
namespace {

TEST(Text, TrimRemovesAsciiWhitespaceOnly) {
    EXPECT_EQ(trim(" \t\r\n f5 d6 \v\f"), "f5 d6");
    EXPECT_EQ(trim_left("  f5 "), "f5 ");
    EXPECT_EQ(trim_right("  f5 \r"), "  f5");
    EXPECT_EQ(trim(""), "");
    EXPECT_EQ(trim(" \t "), "");
    EXPECT_EQ(trim("\x01x\x01"), "\x01x\x01");
    EXPECT_FALSE(is_space('\0'));
    EXPECT_FALSE(is_space('\xa0'));
}

TEST(Text, CaseChangesAsciiLettersOnly) {
    EXPECT_EQ(to_lower("PaSS F5-é"), "pass f5-é");
    EXPECT_EQ(to_upper("pa f5 [x]"), "PA F5 [X]");
    EXPECT_EQ(to_upper(""), "");
}

TEST(Text, WordsSplitOnAnyWhitespace) {
    const std::vector<std::string_view> words = split_words("  set\tdepth  12\r\n");
    ASSERT_EQ(words.size(), 3u);
    EXPECT_EQ(words[0], "set");
    EXPECT_EQ(words[1], "depth");
    EXPECT_EQ(words[2], "12");
    EXPECT_TRUE(split_words(" \t ").empty());

    std::string_view rest = "  move f5/1.5   ";
    EXPECT_EQ(take_word(rest), "move");
    EXPECT_EQ(rest, "f5/1.5");
    EXPECT_EQ(take_word(rest), "f5/1.5");
    EXPECT_EQ(rest, "");
    EXPECT_EQ(take_word(rest), "");
}

TEST(Text, IntegersFillTheirWord) {
    EXPECT_EQ(parse_integer("42"), 42);
    EXPECT_EQ(parse_integer("+18"), 18);
    EXPECT_EQ(parse_integer("-4"), -4);
    EXPECT_EQ(parse_integer("-9223372036854775808"), LLONG_MIN);
    EXPECT_EQ(parse_integer("9223372036854775808"), std::nullopt);  // overflow
    for (const char* bad : {"", "+", "-", "12x", " 12", "12 ", "+-3", "++3", "1.5", "0x10"})
        EXPECT_EQ(parse_integer(bad), std::nullopt) << bad;
    EXPECT_EQ(parse_integer("64", -64, 64), 64);
    EXPECT_EQ(parse_integer("65", -64, 64), std::nullopt);
    EXPECT_EQ(parse_integer("-65", -64, 64), std::nullopt);
}

TEST(Text, NumbersAreWholeAndFinite) {
    EXPECT_EQ(parse_number("1.25"), 1.25);
    EXPECT_EQ(parse_number("+3"), 3.0);
    EXPECT_EQ(parse_number("-0.5"), -0.5);
    EXPECT_EQ(parse_number("2.5E-3"), 2.5e-3);
    for (const char* bad : {"", "+", "1.5s", " 1", "+-1", "inf", "-inf", "nan", "1e999", "0x1p3", "1,5"})
        EXPECT_EQ(parse_number(bad), std::nullopt) << bad;
}

}  // namespace
}  // namespace tempo

#include "eval/weights_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "engine/parse_error.hpp"
#include "eval/evaluator.hpp"
#include "eval/features.hpp"

namespace tempo {
namespace {

EvalWeights small_weights(Variant variant) {
    EvalWeights w = zero_weights(variant, 2);
    for (std::size_t i = 0; i < w.weights.size(); ++i) w.weights[i] = static_cast<std::int16_t>(i * 7919 % 2001 - 1000);
    return w;
}

// The message of the runtime_error that decoding `bytes` throws ("" if none).
std::string decode_error(const std::vector<std::uint8_t>& bytes) {
    try {
        decode_weights(bytes, "test.tew");
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

TEST(WeightsFile, RoundTrip) {
    const EvalWeights w = small_weights({Geometry::k8x8, Rules::kAnti});
    const EvalWeights back = decode_weights(encode_weights(w), "test");
    EXPECT_EQ(back.variant, w.variant);
    EXPECT_EQ(back.phases, 2);
    EXPECT_EQ(back.pattern_set, kPatternSetId);
    EXPECT_EQ(back.units_per_disc, kWeightUnitsPerDisc);
    EXPECT_EQ(back.weights, w.weights);
}

EvalWeights weights_with_nets(int hidden) {
    EvalWeights w = small_weights({});
    w.nets.assign(2, ResidualNet(hidden));
    float x = 0.001f;
    for (ResidualNet& net : w.nets) {
        for (std::vector<float>* values : net.vectors())
            for (float& v : *values) v = (x *= -1.0001f);
        net.out_bias = -7.5f;
    }
    return w;
}

TEST(WeightsFile, RoundTripWithNetworksIsVersionTwo) {
    const EvalWeights w = weights_with_nets(16);
    const auto bytes = encode_weights(w);
    EXPECT_EQ(bytes[8], 2);
    EXPECT_EQ(encode_weights(small_weights({}))[8], 1);  // without networks the file stays version 1
    const EvalWeights back = decode_weights(bytes, "test");
    EXPECT_EQ(back.weights, w.weights);
    ASSERT_EQ(back.nets.size(), 2u);
    for (int p = 0; p < 2; ++p) {
        EXPECT_EQ(back.nets[p].hidden, 16);
        EXPECT_EQ(back.nets[p].square_weights, w.nets[p].square_weights);
        EXPECT_EQ(back.nets[p].pattern_weights, w.nets[p].pattern_weights);
        EXPECT_EQ(back.nets[p].bias, w.nets[p].bias);
        EXPECT_EQ(back.nets[p].out_weights, w.nets[p].out_weights);
        EXPECT_EQ(back.nets[p].out_bias, -7.5f);
    }
}

TEST(WeightsFile, RejectsMalformedNetworks) {
    EXPECT_NE(decode_error(encode_weights(weights_with_nets(20))).find("implausible network size (20"),
              std::string::npos);
    EvalWeights not_a_number = weights_with_nets(16);
    not_a_number.nets[1].bias[5] = std::nanf("");
    EXPECT_NE(decode_error(encode_weights(not_a_number)).find("not a finite number"), std::string::npos);
    EvalWeights one_missing = weights_with_nets(16);
    one_missing.nets.pop_back();
    EXPECT_THROW(encode_weights(one_missing), std::invalid_argument);
}

TEST(WeightsFile, RejectsTruncatedFiles) {
    const auto bytes = encode_weights(small_weights({}));
    EXPECT_NE(decode_error({bytes.begin(), bytes.begin() + 20}).find("truncated header"), std::string::npos);
    EXPECT_NE(decode_error({bytes.begin(), bytes.end() - 1}).find("truncated"), std::string::npos);
    EXPECT_NE(decode_error({}).find("test.tew"), std::string::npos);
}

TEST(WeightsFile, RejectsCorruptFiles) {
    const auto good = encode_weights(small_weights({}));
    auto bad_magic = good;
    bad_magic[0] = 'X';
    EXPECT_NE(decode_error(bad_magic).find("bad magic"), std::string::npos);
    auto bad_version = good;
    bad_version[8] = 99;
    EXPECT_NE(decode_error(bad_version).find("format version 99"), std::string::npos);
    auto too_many_phases = good;  // 65,281 phases: refused before any allocation (fuzzer, 2 Dec)
    too_many_phases[14] = 0x01;
    too_many_phases[15] = 0xff;
    EXPECT_NE(decode_error(too_many_phases).find("implausible header"), std::string::npos);
    auto bad_checksum = good;
    bad_checksum[32] ^= 1;
    EXPECT_NE(decode_error(bad_checksum).find("checksum mismatch"), std::string::npos);
    // Damage inside the compressed stream: zlib's own check or ours must catch it.
    for (std::size_t at = 40; at < good.size(); at += good.size() / 7) {
        auto bad_payload = good;
        bad_payload[at] ^= 0x5a;
        EXPECT_NE(decode_error(bad_payload).find("corrupt"), std::string::npos) << at;
    }
}

// A header's counts bound the payload; the memory spent follows what the payload really inflates to.
// A header claiming the most weights allowed (2^28, half a gigabyte) over a small stream was allocated
// in full before the stream was read: 0.6 GB and 2 s an input, past the fuzzer's limits (CI, 6 Dec).
TEST(WeightsFile, PayloadsAreReadAgainstTheHeadersCounts) {
    const auto good = encode_weights(small_weights({}));
    auto claims_most = good;
    claims_most[14] = 64;  // 64 phases of 2^22 weights
    claims_most[15] = 0;
    for (int i = 20; i < 24; ++i) claims_most[i] = i == 22 ? 0x40 : 0;
    EXPECT_NE(decode_error(claims_most).find("does not hold 268435456 weights"), std::string::npos);
    auto claims_fewer = good;  // the stream holds two phases, the header says one
    claims_fewer[14] = 1;
    EXPECT_NE(decode_error(claims_fewer).find("corrupt payload"), std::string::npos);
}

TEST(WeightsFile, LoaderNamesPathAndRejectsOtherVariantsAndSets) {
    const std::string path = (std::filesystem::temp_directory_path() / "tempo_weights_test.tew").string();
    save_weights(path, small_weights({Geometry::k8x8, Rules::kAnti}));
    EXPECT_EQ(load_weights(path, {Geometry::k8x8, Rules::kAnti}).phases, 2);
    try {
        load_weights(path, {});
        FAIL() << "loaded anti weights as 8x8";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("anti, not 8x8"), std::string::npos);
    }
    EvalWeights other = small_weights({});
    other.pattern_set = 1234;
    save_weights(path, other);
    EXPECT_THROW(load_weights(path, {}), std::runtime_error);
    std::remove(path.c_str());
    try {
        load_weights(path, {});
        FAIL() << "loaded a missing file";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
    }
    EXPECT_THROW(Evaluator::create({}, path), std::runtime_error);
}

TEST(WeightsFile, LoaderRefusesAFileOverTheSizeCapBeforeReadingIt) {
    const std::string path = (std::filesystem::temp_directory_path() / "tempo_weights_huge_test.tew").string();
    save_weights(path, small_weights({}));
    std::filesystem::resize_file(path, kMaxWeightsFileBytes + 1);  // sparse: nothing is written
    try {
        load_weights(path, {});
        FAIL() << "loaded a file over the size cap";
    } catch (const ParseError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(path), std::string::npos) << message;
        EXPECT_NE(message.find("file too large (" + std::to_string(kMaxWeightsFileBytes + 1) + " bytes"),
                  std::string::npos)
            << message;
    }
    std::filesystem::resize_file(path, kMaxWeightsFileBytes);  // at the cap: read, then rejected as padded
    EXPECT_THROW(load_weights(path, {}), std::runtime_error);
    std::remove(path.c_str());
}

// 6x6 and anti6x6 have shipped weights (tests/eval/pattern_eval_6x6_test.cpp).
TEST(WeightsFile, SixBySixVariantsHaveAnEvaluation) {
    for (Rules rules : {Rules::kStandard, Rules::kAnti}) {
        const auto eval = Evaluator::create({Geometry::k6x6, rules});
        ASSERT_NE(eval, nullptr);
        EXPECT_LE(std::abs(eval->evaluate(Board::start())), 8);  // standard: white wins by 4 with perfect play
    }
}

}  // namespace
}  // namespace tempo

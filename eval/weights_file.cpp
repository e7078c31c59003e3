#include "eval/weights_file.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <zlib.h>

#include "formats/file_bytes.hpp"
#include "engine/hash_key.hpp"
#include "formats/little_endian.hpp"
#include "engine/parse_error.hpp"

#include "eval/features.hpp"

namespace tempo {

namespace {

constexpr char kMagic[8] = {'T', 'E', 'M', 'P', 'O', 'E', 'V', 'W'};
constexpr std::size_t kHeaderBytes = 40;
// No real weights file is near this: a bound that keeps a corrupt header from asking for gigabytes.
constexpr std::uint64_t kMaxWeights = std::uint64_t{1} << 28;
// Phases are slices of the empties (at most 60): the bound keeps the networks' section, whose size
// grows with the phase count, from asking for gigabytes on a corrupt header.
constexpr int kMaxPhases = 64;

[[noreturn]] void fail(const std::string& source, const std::string& what) {
    throw std::runtime_error("weights file " + source + ": " + what);
}

void put_floats(std::vector<std::uint8_t>& out, const std::vector<float>& values) {
    for (float v : values) put_le(out, std::bit_cast<std::uint32_t>(v), 4);
}

std::vector<std::uint8_t> payload_bytes(const EvalWeights& w) {
    std::vector<std::uint8_t> raw;
    raw.reserve(w.weights.size() * 2);
    for (std::int16_t v : w.weights) put_le(raw, static_cast<std::uint16_t>(v), 2);
    if (w.nets.empty()) return raw;
    put_le(raw, static_cast<std::uint32_t>(w.nets.front().hidden), 4);
    for (const ResidualNet& net : w.nets) {
        for (const std::vector<float>* values : net.vectors()) put_floats(raw, *values);
        put_floats(raw, {net.out_bias});
    }
    return raw;
}

// Inflates the zlib stream `packed` into `raw`, which grows with what the stream holds rather than
// with what the header claims: a corrupt header that asks for hundreds of megabytes costs only what
// its payload really inflates to. False when the stream is damaged, unfinished or longer than `limit`.
bool inflate_at_most(const std::uint8_t* packed, std::size_t packed_size, std::size_t limit,
                     std::vector<std::uint8_t>& raw) {
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK) return false;
    stream.next_in = const_cast<Bytef*>(packed);
    stream.avail_in = static_cast<uInt>(packed_size);
    raw.assign(std::min<std::size_t>(limit + 1, std::max<std::size_t>(4 * packed_size, 1 << 16)), 0);
    int status = Z_OK;
    while (status == Z_OK) {
        if (stream.total_out == raw.size()) {
            if (raw.size() > limit) break;  // one byte past the limit: too long
            raw.resize(std::min(limit + 1, 2 * raw.size()));
        }
        stream.next_out = raw.data() + stream.total_out;
        stream.avail_out = static_cast<uInt>(raw.size() - stream.total_out);
        status = inflate(&stream, Z_NO_FLUSH);
    }
    raw.resize(stream.total_out);
    inflateEnd(&stream);
    return status == Z_STREAM_END && raw.size() <= limit;
}

// Reads the networks of a version 2 payload from `at` to its end.
std::vector<ResidualNet> read_nets(const std::vector<std::uint8_t>& raw, std::size_t at, int phases,
                                   const std::string& source) {
    if (raw.size() < at + 4) fail(source, "networks section truncated");
    const auto hidden = get_le(raw, at, 4);
    at += 4;
    if (hidden == 0 || hidden > ResidualNet::kMaxHidden || hidden % ResidualNet::kLanes != 0)
        fail(source, "implausible network size (" + std::to_string(hidden) + " hidden units)");
    const std::size_t bytes = ResidualNet::parameter_count(static_cast<int>(hidden)) * 4 * phases;
    if (raw.size() - at != bytes)
        fail(source, "networks section is " + std::to_string(raw.size() - at) + " bytes, not " + std::to_string(bytes));
    std::vector<ResidualNet> nets(phases, ResidualNet(static_cast<int>(hidden)));
    const auto next = [&] {
        const float v = std::bit_cast<float>(static_cast<std::uint32_t>(get_le(raw, at, 4)));
        at += 4;
        if (!std::isfinite(v)) fail(source, "network weight is not a finite number");
        return v;
    };
    for (ResidualNet& net : nets) {
        for (std::vector<float>* values : net.vectors())
            for (float& v : *values) v = next();
        net.out_bias = next();
    }
    return nets;
}

}  // namespace

EvalWeights zero_weights(Variant variant, int phases) {
    EvalWeights w;
    w.variant = variant;
    w.pattern_set = kPatternSetId;
    w.phases = phases;
    w.weights_per_phase = kWeightsPerPhase;
    w.weights.assign(std::size_t(phases) * kWeightsPerPhase, 0);
    return w;
}

std::vector<std::uint8_t> encode_weights(const EvalWeights& w) {
    if (!w.nets.empty() && (w.nets.size() != std::size_t(w.phases) ||
                            std::any_of(w.nets.begin(), w.nets.end(),
                                        [&](const ResidualNet& n) { return n.hidden != w.nets.front().hidden; })))
        throw std::invalid_argument("weights: one network per phase, all of one size");
    const std::vector<std::uint8_t> raw = payload_bytes(w);
    uLongf packed_size = compressBound(raw.size());
    std::vector<std::uint8_t> packed(packed_size);
    if (compress2(packed.data(), &packed_size, raw.data(), raw.size(), Z_BEST_COMPRESSION) != Z_OK)
        throw std::runtime_error("weights: zlib compression failed");
    packed.resize(packed_size);

    std::vector<std::uint8_t> out(kMagic, kMagic + 8);
    put_le(out, w.nets.empty() ? 1 : kWeightsFormatVersion, 4);
    put_le(out, static_cast<std::uint8_t>(w.variant.geometry), 1);
    put_le(out, static_cast<std::uint8_t>(w.variant.rules), 1);
    put_le(out, static_cast<std::uint64_t>(w.phases), 2);
    put_le(out, w.pattern_set, 4);
    put_le(out, static_cast<std::uint64_t>(w.weights_per_phase), 4);
    put_le(out, static_cast<std::uint64_t>(w.units_per_disc), 4);
    put_le(out, packed.size(), 4);
    put_le(out, checksum64(raw.data(), raw.size()), 8);
    out.insert(out.end(), packed.begin(), packed.end());
    return out;
}

EvalWeights decode_weights(const std::vector<std::uint8_t>& in, const std::string& source) {
    if (in.size() < kHeaderBytes) fail(source, "truncated header (" + std::to_string(in.size()) + " bytes)");
    if (std::memcmp(in.data(), kMagic, 8) != 0) fail(source, "not a Tempo weights file (bad magic)");
    const auto version = get_le(in, 8, 4);
    if (version < 1 || version > kWeightsFormatVersion)
        fail(source, "format version " + std::to_string(version) + ", this build reads versions 1 to " +
                         std::to_string(kWeightsFormatVersion));
    EvalWeights w;
    const auto geometry = get_le(in, 12, 1), rules = get_le(in, 13, 1);
    if (geometry > 1 || rules > 1) fail(source, "unknown variant code in header");
    w.variant = {static_cast<Geometry>(geometry), static_cast<Rules>(rules)};
    w.phases = static_cast<int>(get_le(in, 14, 2));
    w.pattern_set = static_cast<std::uint32_t>(get_le(in, 16, 4));
    w.weights_per_phase = static_cast<int>(get_le(in, 20, 4));
    w.units_per_disc = static_cast<int>(get_le(in, 24, 4));
    const auto packed_size = get_le(in, 28, 4);
    const auto checksum = get_le(in, 32, 8);
    const std::uint64_t count = std::uint64_t(w.phases) * std::uint64_t(w.weights_per_phase);
    if (w.phases == 0 || w.phases > kMaxPhases || w.weights_per_phase == 0 || count > kMaxWeights ||
        w.units_per_disc <= 0)
        fail(source, "implausible header (phases, weights per phase or scale)");
    if (in.size() - kHeaderBytes != packed_size)
        fail(source, "payload is " + std::to_string(in.size() - kHeaderBytes) + " bytes, header says " +
                         std::to_string(packed_size) + " (truncated or padded)");

    // Version 2 adds the networks after the pattern weights: at most ResidualNet::kMaxHidden units each.
    const std::size_t max_raw =
        count * 2 +
        (version == 1 ? 0 : 4 + std::size_t(w.phases) * ResidualNet::parameter_count(ResidualNet::kMaxHidden) * 4);
    std::vector<std::uint8_t> raw;
    if (!inflate_at_most(in.data() + kHeaderBytes, packed_size, max_raw, raw) || raw.size() < count * 2 ||
        (version == 1 && raw.size() != count * 2))
        fail(source, "corrupt payload (zlib stream does not hold " + std::to_string(count) + " weights)");
    if (checksum64(raw.data(), raw.size()) != checksum) fail(source, "checksum mismatch (corrupt payload)");
    w.weights.resize(count);
    for (std::size_t i = 0; i < count; ++i) w.weights[i] = static_cast<std::int16_t>(get_le(raw, 2 * i, 2));
    if (version == 2) w.nets = read_nets(raw, count * 2, w.phases, source);
    return w;
}

EvalWeights load_weights(const std::string& path, Variant variant) {
    std::vector<std::uint8_t> bytes;
    try {
        bytes = read_file_bytes(path, kMaxWeightsFileBytes);
    } catch (const ParseError& e) {  // "<path>: cannot open (...)" or "<path>: file too large (...)"
        throw ParseError(std::string("weights file ") + e.what());
    }
    EvalWeights w = decode_weights(bytes, path);
    if (w.variant != variant) fail(path, "holds weights for " + w.variant.name() + ", not " + variant.name());
    if (w.pattern_set != kPatternSetId || w.weights_per_phase != kWeightsPerPhase)
        fail(path, "made for another pattern set (retrain or use a matching build)");
    return w;
}

void save_weights(const std::string& path, const EvalWeights& weights) {
    const std::vector<std::uint8_t> bytes = encode_weights(weights);
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw std::runtime_error("weights file " + path + ": cannot write");
}

}  // namespace tempo

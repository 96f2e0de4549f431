#include "train/Metrics.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace mtc::runtime {

MetricsWriter::MetricsWriter(const std::string &file, bool append, bool sentenceOrder, bool moe)
    : path(file), out(file, append ? std::ios::app : std::ios::trunc),
      sentenceOrder(sentenceOrder), moe(moe) {
  if (!out)
    throw std::runtime_error("--metrics: cannot open '" + path + "': " + std::strerror(errno));
  csv = path.size() >= 4 && path.compare(path.size() - 4, 4, ".csv") == 0;
  std::error_code ec;
  const bool empty = !append || std::filesystem::file_size(path, ec) == 0 || ec;
  if (csv && empty)
    out << "iteration,consumed_samples,learning_rate,lm_loss,grad_norm,iteration_ms,"
           "tokens_per_s,valid_loss,valid_ppl"
        << (sentenceOrder ? ",sop_loss,valid_sop_loss,valid_sop_accuracy" : "")
        << (moe ? ",load_balancing_loss" : "") << "\n";
  out.precision(9);
}

void MetricsWriter::write(const MetricsRow &r) {
  if (csv) {
    out << r.iteration << ',' << r.consumedSamples << ',' << r.learningRate << ',' << r.loss
        << ',' << r.gradNorm << ',' << r.iterationMs << ',' << r.tokensPerSecond << ',';
    if (r.validLoss)
      out << *r.validLoss << ',' << std::exp(std::min(20.0, *r.validLoss));
    else
      out << ',';
    if (sentenceOrder) {
      out << ',';
      if (r.sopLoss)
        out << *r.sopLoss;
      out << ',';
      if (r.validSopLoss)
        out << *r.validSopLoss;
      out << ',';
      if (r.validSopAccuracy)
        out << *r.validSopAccuracy;
    }
    if (moe) {
      out << ',';
      if (r.loadBalancingLoss)
        out << *r.loadBalancingLoss;
    }
    out << '\n';
  } else {
    out << "{\"iteration\": " << r.iteration << ", \"consumed_samples\": " << r.consumedSamples
        << ", \"learning_rate\": " << r.learningRate << ", \"lm_loss\": " << r.loss
        << ", \"grad_norm\": " << r.gradNorm << ", \"iteration_ms\": " << r.iterationMs
        << ", \"tokens_per_s\": " << r.tokensPerSecond;
    if (r.sopLoss)
      out << ", \"sop_loss\": " << *r.sopLoss;
    if (r.validLoss)
      out << ", \"valid_loss\": " << *r.validLoss
          << ", \"valid_ppl\": " << std::exp(std::min(20.0, *r.validLoss));
    if (r.validSopLoss)
      out << ", \"valid_sop_loss\": " << *r.validSopLoss;
    if (r.validSopAccuracy)
      out << ", \"valid_sop_accuracy\": " << *r.validSopAccuracy;
    if (r.loadBalancingLoss)
      out << ", \"load_balancing_loss\": " << *r.loadBalancingLoss;
    if (!r.expertTokens.empty()) {
      out << ", \"expert_tokens\": [";
      for (size_t e = 0; e < r.expertTokens.size(); ++e)
        out << (e ? ", " : "") << r.expertTokens[e];
      out << "]";
    }
    out << "}\n";
  }
  out.flush();
  if (!out)
    throw std::runtime_error("--metrics: writing '" + path + "' failed: " +
                             std::strerror(errno ? errno : EIO));
}

} // namespace mtc::runtime

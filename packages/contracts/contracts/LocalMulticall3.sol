// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Local Multicall3
/// @notice Multicall3's `aggregate3` (many calls, each allowed to fail or not, in one `eth_call`), written for
/// local chains: the local chain places its runtime code at Multicall3's canonical address, where viem's
/// `multicall` looks for it on public chains.
contract LocalMulticall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error CallFailed(uint256 index);

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 index = 0; index < calls.length; index++) {
            Call3 calldata call = calls[index];
            (bool success, bytes memory returnData) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert CallFailed(index);
            results[index] = Result(success, returnData);
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }
}

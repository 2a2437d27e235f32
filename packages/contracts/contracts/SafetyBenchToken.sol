// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Safety Bench Token
/// @notice Benchmark only: an ERC-20 whose holders can approve many spenders in one transaction, so a wallet with
/// thousands of approval events can be built on a local chain in seconds.
contract SafetyBenchToken is ERC20 {
    constructor() ERC20("Safety Bench Token", "SBT") {}

    function approveMany(address[] calldata spenders, uint256 amount) external {
        for (uint256 index = 0; index < spenders.length; index++) {
            _approve(msg.sender, spenders[index], amount);
        }
    }
}

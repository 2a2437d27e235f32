// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Dropfair Test Token
/// @notice An ordinary 18-decimal ERC-20 for trying airdrops and rewards on local and test chains.
contract TestToken is ERC20, Ownable {
    /// @notice Most anyone can take from the faucet in one call (1,000,000 DFT).
    uint256 public constant FAUCET_LIMIT = 1_000_000 ether;

    error FaucetLimitExceeded(uint256 requested, uint256 limit);

    constructor(address initialOwner) ERC20("Dropfair Test Token", "DFT") Ownable(initialOwner) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function faucet(uint256 amount) external {
        if (amount > FAUCET_LIMIT) revert FaucetLimitExceeded(amount, FAUCET_LIMIT);
        _mint(msg.sender, amount);
    }
}

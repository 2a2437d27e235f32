// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Tether USD (test)
/// @notice A 6-decimal stand-in for USDT on local and test chains: memberships are paid in it.
contract TestUSDT is ERC20, Ownable {
    /// @notice Most anyone can take from the faucet in one call (10,000 USDT), so a test wallet can top itself up.
    uint256 public constant FAUCET_LIMIT = 10_000 * 10 ** 6;

    error FaucetLimitExceeded(uint256 requested, uint256 limit);

    constructor(address initialOwner) ERC20("Tether USD (test)", "USDT") Ownable(initialOwner) {}

    /// @dev Real USDT has 6 decimals; amounts in the product must not assume 18.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function faucet(uint256 amount) external {
        if (amount > FAUCET_LIMIT) revert FaucetLimitExceeded(amount, FAUCET_LIMIT);
        _mint(msg.sender, amount);
    }
}

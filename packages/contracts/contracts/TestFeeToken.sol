// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Fee-on-transfer test token
/// @notice Test only: burns 1% of every transfer between two non-zero addresses, so the receiver gets less than
///         was sent. Anyone can mint.
contract TestFeeToken is ERC20 {
    constructor() ERC20("Fee Token (test)", "FEE") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0)) {
            super._update(from, to, value);
            return;
        }
        uint256 fee = value / 100;
        super._update(from, address(0), fee);
        super._update(from, to, value - fee);
    }
}

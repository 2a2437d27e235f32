// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @title Safety Test Token
/// @notice A local-chain ERC-20 whose owner holds the powers the safe check warns about (mint, pause, blacklist,
/// set a fee), so the contract checker has something to find; the approval scenario approves it too.
contract SafetyTestToken is ERC20, Ownable, Pausable {
    /// @notice Fee in basis points the owner may set; burnt from every transfer.
    uint256 public feeBasisPoints;
    mapping(address account => bool) public blacklisted;

    error Blacklisted(address account);
    error FeeTooHigh(uint256 basisPoints);

    event BlacklistChanged(address indexed account, bool blocked);
    event FeeChanged(uint256 basisPoints);

    constructor(address initialOwner) ERC20("Safety Test Token", "STT") Ownable(initialOwner) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    function blacklist(address account, bool blocked) external onlyOwner {
        blacklisted[account] = blocked;
        emit BlacklistChanged(account, blocked);
    }

    function setFee(uint256 basisPoints) external onlyOwner {
        if (basisPoints > 1_000) revert FeeTooHigh(basisPoints);
        feeBasisPoints = basisPoints;
        emit FeeChanged(basisPoints);
    }

    function _update(address from, address to, uint256 value) internal override whenNotPaused {
        if (blacklisted[from]) revert Blacklisted(from);
        if (blacklisted[to]) revert Blacklisted(to);
        uint256 fee = from == address(0) || to == address(0) ? 0 : (value * feeBasisPoints) / 10_000;
        if (fee > 0) super._update(from, address(0), fee);
        super._update(from, to, value - fee);
    }
}

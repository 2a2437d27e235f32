// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {ERC1967Utils} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Utils.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts/proxy/utils/UUPSUpgradeable.sol";

/// @title Safety Test Proxy
/// @notice A local-chain EIP-1967 proxy that also records an admin in the EIP-1967 admin slot, so the contract
/// checker can show a proxy's implementation and admin. It forwards every call to the implementation.
contract SafetyTestProxy is ERC1967Proxy {
    constructor(address implementation, address admin, bytes memory initialization)
        payable
        ERC1967Proxy(implementation, initialization)
    {
        ERC1967Utils.changeAdmin(admin);
    }
}

/// @title Safety Test Vault
/// @notice The implementation behind SafetyTestProxy: a UUPS (EIP-1822) upgradeable contract whose owner may
/// upgrade it and sweep what it holds.
contract SafetyTestVault is Initializable, UUPSUpgradeable {
    address private _owner;

    error NotOwner(address caller);
    error SweepFailed(address to);

    constructor() {
        _disableInitializers();
    }

    function initialize(address initialOwner) external initializer {
        _owner = initialOwner;
    }

    function owner() external view returns (address) {
        return _owner;
    }

    function sweep(address payable to) external {
        if (msg.sender != _owner) revert NotOwner(msg.sender);
        (bool sent,) = to.call{value: address(this).balance}("");
        if (!sent) revert SweepFailed(to);
    }

    function _authorizeUpgrade(address) internal view override {
        if (msg.sender != _owner) revert NotOwner(msg.sender);
    }
}

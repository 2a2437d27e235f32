// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Safety Self-Destructing Child
/// @notice Announces itself, then destroys itself in its own constructor. Since Cancun (EIP-6780) only a contract
/// destroyed in the transaction that created it loses its code, so this is the way to leave an address with no
/// code but a history: the event below stays in the chain's logs.
contract SafetySelfDestructingChild {
    event Created(address indexed deployer);

    constructor() payable {
        emit Created(msg.sender);
        // The deprecation warning is the point here: this contract exists to be self-destructed.
        selfdestruct(payable(msg.sender));
    }
}

/// @title Safety Self-Destruct Deployer
/// @notice Creates a SafetySelfDestructingChild, which is gone again by the end of the same transaction.
contract SafetySelfDestructDeployer {
    event ChildDestroyed(address indexed child);

    function deployAndDestroy() external returns (address child) {
        child = address(new SafetySelfDestructingChild());
        emit ChildDestroyed(child);
    }

    receive() external payable {}
}

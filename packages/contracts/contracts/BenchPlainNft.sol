// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title Bench Plain NFT
/// @notice Benchmark only: OpenZeppelin's plain ERC-721 with an open `safeMint`, the baseline a badge mint's gas is
///         compared with.
contract BenchPlainNft is ERC721 {
    constructor() ERC721("Bench Plain NFT", "BPN") {}

    function safeMint(address to, uint256 tokenId) external {
        _safeMint(to, tokenId);
    }
}

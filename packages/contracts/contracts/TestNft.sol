// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title Dropfair Test NFT
/// @notice Test only: an ERC-721 anyone can mint, for NFT airdrop rewards on local and test chains.
contract TestNft is ERC721 {
    constructor() ERC721("Dropfair Test NFT", "DFNFT") {}

    function mint(address to, uint256 tokenId) external {
        _mint(to, tokenId);
    }
}

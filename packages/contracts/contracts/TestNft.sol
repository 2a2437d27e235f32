// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";

/// @title Dropfair Test NFT
/// @notice Test only: an ERC-721 anyone can mint, for NFT airdrop rewards on local and test chains. Enumerable, so
///         a wallet's ids can be listed (`tokenOfOwnerByIndex`), as the airdrop wizard offers.
contract TestNft is ERC721Enumerable {
    constructor() ERC721("Dropfair Test NFT", "DFNFT") {}

    function mint(address to, uint256 tokenId) external {
        _mint(to, tokenId);
    }

    /// @notice Mints the ids `firstId` to `firstId + count - 1` to `to`.
    function mintRange(address to, uint256 firstId, uint256 count) external {
        for (uint256 i = 0; i < count; ++i) {
            _mint(to, firstId + i);
        }
    }
}
